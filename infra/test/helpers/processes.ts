/** Whether a process still exists: signal 0 checks for it without touching it. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
