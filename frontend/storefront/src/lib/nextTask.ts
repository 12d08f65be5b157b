/**
 * Resolves in a task of its own, after the tasks already waiting here: the work after it does not
 * lengthen the task that awaited it. A message, unlike a timer, is neither clamped nor slowed in a
 * background tab.
 */
const waiting: Array<() => void> = [];
let channel: MessageChannel | undefined;

export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      waiting.shift()?.();
      if (waiting.length) channel!.port2.postMessage(null);
    };
  }
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) channel!.port2.postMessage(null);
  });
}
