import { useCallback, useState } from 'react';

// There is no "collections I author" endpoint yet, so the studio remembers, per browser and per user,
// the collections created or opened here. The list holds addresses only; details come from the API.

interface CollectionAddress {
  authorId: number;
  collectionId: number;
}

const MAX_REMEMBERED = 50;
const keyOf = (userId: number) => `coderoom.studio.collections.${userId}`;

function read(userId: number): CollectionAddress[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is CollectionAddress =>
        Number.isSafeInteger(entry?.authorId) && Number.isSafeInteger(entry?.collectionId),
    );
  } catch {
    return [];
  }
}

function write(userId: number, addresses: CollectionAddress[]): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(addresses.slice(0, MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the list is a convenience only.
  }
}

const same = (a: CollectionAddress, b: CollectionAddress) =>
  a.authorId === b.authorId && a.collectionId === b.collectionId;

/** The collections this user created or opened in the studio on this browser, most recent first. */
export function useRecentCollections(userId: number | undefined) {
  const [addresses, setAddresses] = useState(() => (userId === undefined ? [] : read(userId)));
  const [loadedFor, setLoadedFor] = useState(userId);
  if (loadedFor !== userId) {
    setLoadedFor(userId);
    setAddresses(userId === undefined ? [] : read(userId));
  }

  const remember = useCallback(
    (address: CollectionAddress) => {
      if (userId === undefined) return;
      const next = [address, ...read(userId).filter((entry) => !same(entry, address))];
      write(userId, next);
      setAddresses(next);
    },
    [userId],
  );

  const forget = useCallback(
    (address: CollectionAddress) => {
      if (userId === undefined) return;
      const next = read(userId).filter((entry) => !same(entry, address));
      write(userId, next);
      setAddresses(next);
    },
    [userId],
  );

  return { addresses, remember, forget };
}
