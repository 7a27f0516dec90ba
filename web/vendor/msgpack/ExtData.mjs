export class ExtData {
type;
data;
constructor(type, data) {
this.type = type;
this.data = data;
}
}
