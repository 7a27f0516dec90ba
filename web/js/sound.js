// Sounds made on the spot with WebAudio (nothing to download): a tap for a play, a brighter
// pair for a capture, a rising run for a Basra. Browsers let a page sound only after the
// player's first tap, so `unlock` is called from one.

/** @type {AudioContext | null} */
let context = null;

export function unlock() {
  if (context !== null) {
    if (context.state === "suspended") void context.resume();
    return;
  }
  const Context = globalThis.AudioContext;
  if (Context === undefined) return;
  context = new Context();
}

/**
 * @param {number} frequency
 * @param {number} start seconds from now
 * @param {number} length seconds
 * @param {number} volume
 */
function tone(frequency, start, length, volume) {
  if (context === null || context.state !== "running") return;
  const at = context.currentTime + start;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "triangle";
  oscillator.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

/** @param {"play" | "capture" | "basra"} what */
export function sound(what) {
  if (what === "play") tone(320, 0, 0.08, 0.2);
  else if (what === "capture") {
    tone(520, 0, 0.09, 0.18);
    tone(780, 0.07, 0.12, 0.16);
  } else {
    [523, 659, 784, 1046].forEach((f, i) => tone(f, i * 0.09, 0.22, 0.2));
  }
}
