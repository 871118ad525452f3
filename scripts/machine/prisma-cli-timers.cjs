// Preloaded into the Prisma CLI: its WebAssembly schema engine leaves 10 s and 60 s timers armed,
// so the CLI would not exit for a minute after finishing. Unref long timers so it exits at once.
const original = global.setTimeout;
global.setTimeout = function patchedSetTimeout(fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (typeof ms === "number" && ms >= 5000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
