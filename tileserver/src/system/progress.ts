// Progress lines for the long-running commands (start, load, synth): one line per step, with timing.
export function step(message: string): () => void {
  const started = performance.now();
  process.stdout.write(`• ${message}\n`);
  return () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`  done in ${seconds}s\n`);
  };
}

export function info(message: string): void {
  process.stdout.write(`  ${message}\n`);
}
