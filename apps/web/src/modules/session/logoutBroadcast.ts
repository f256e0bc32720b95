// Logging out in one tab logs out every tab (spec 002 §4.7): a BroadcastChannel message, plus a
// localStorage write whose 'storage' event reaches tabs of browsers without BroadcastChannel.

const CHANNEL = 'coderoom-session';
const STORAGE_KEY = 'cr_logout_signal';
// Channels in the same tab also hear each other: the tab that logged out already knows where to go.
const TAB_ID = Math.random().toString(36).slice(2);

export function broadcastLogout(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: 'logout', from: TAB_ID });
    channel.close();
  } catch {
    // Not available: the storage event below still carries the signal.
  }
  try {
    localStorage.setItem(STORAGE_KEY, String(Date.now()));
  } catch {
    // Storage unavailable is treated as empty (spec 002 §8.2).
  }
}

/** Calls `onLogout` when another tab logs out; returns the unsubscribe function. */
export function onLogoutSignal(onLogout: () => void): () => void {
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type?: string; from?: string }>) => {
      if (event.data?.type === 'logout' && event.data.from !== TAB_ID) onLogout();
    };
  } catch {
    channel = null;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY && event.newValue) onLogout();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    channel?.close();
    window.removeEventListener('storage', onStorage);
  };
}
