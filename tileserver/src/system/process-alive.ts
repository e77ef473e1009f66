// Whether a process id names a running process: a signal-0 probe (EPERM means it runs under another user).
// Work left behind by a killed process (a temp folder, a test database) carries its pid and is judged by it.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
