"""The client's screens; `navigation.Navigator` is the one module that knows them all."""
