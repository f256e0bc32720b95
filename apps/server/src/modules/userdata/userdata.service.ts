import {
  type LiveInteractionsQuery,
  type LiveInteractionsRequest,
  type LiveInteractionsResponse,
  type MapValuesRequest,
  type PageReadTimeRequest,
  type PageReadTimeResponse,
  USER_MAP_KEY_MAX_LENGTH,
  USER_MAP_KEYS_PER_REQUEST,
  USER_MAP_MAX_BYTES,
  USER_MAP_VALUE_MAX_BYTES,
  type UserMapName,
  type UserMapResponse,
  type Widget,
  type WidgetRef,
} from '@coderoom/contracts';
import { isLiveWidgetType } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { UserDataErrors } from './userdata.errors.js';
import * as repo from './userdata.repository.js';

export interface UserDataDeps {
  db: Db;
  clock: Clock;
  /** The reader's read check on a lesson's widget (content's `readableWidget`, as code runs use it). */
  widgets: { readableWidget(userId: number, ref: WidgetRef): Promise<Widget> };
}

function asMap(mapName: string, rows: Array<{ key: string; value: unknown }>): UserMapResponse {
  return { [mapName]: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

/** `map_key_val` arrives as JSON text (spec 000 §7); it must hold an object of keys and values. */
export function parseMapEntries(mapKeyVal: string): Array<[string, unknown]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(mapKeyVal);
  } catch {
    throw UserDataErrors.notAnObject();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw UserDataErrors.notAnObject();
  const entries = Object.entries(parsed);
  if (entries.length === 0) throw UserDataErrors.noEntries();
  if (entries.length > USER_MAP_KEYS_PER_REQUEST)
    throw UserDataErrors.tooManyEntries(USER_MAP_KEYS_PER_REQUEST);
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > USER_MAP_KEY_MAX_LENGTH) {
      throw UserDataErrors.keyInvalid(key, USER_MAP_KEY_MAX_LENGTH);
    }
    if (Buffer.byteLength(JSON.stringify(value)) > USER_MAP_VALUE_MAX_BYTES) {
      throw UserDataErrors.valueTooLarge(key, USER_MAP_VALUE_MAX_BYTES);
    }
  }
  return entries;
}

export function createUserDataService({ db, clock, widgets }: UserDataDeps) {
  /** A live widget of a lesson the learner may read, as the key of their totals (the reader's 404s otherwise). */
  async function liveWidgetKey(userId: number, ref: LiveInteractionsQuery) {
    const widget = await widgets.readableWidget(userId, {
      author_id: ref.author_id,
      collection_id: ref.collection_id,
      page_id: ref.page_id,
      comp_id: ref.comp_id,
    });
    if (!isLiveWidgetType(widget.type)) throw UserDataErrors.notLive();
    return {
      userId,
      authorId: ref.author_id,
      collectionId: ref.collection_id,
      pageId: ref.page_id,
      compId: ref.comp_id,
    };
  }

  async function liveTotals(key: repo.LiveWidgetKey): Promise<LiveInteractionsResponse> {
    const totals = await repo.findLiveInteractions(db, key);
    return {
      comp_id: key.compId,
      interactions: Object.fromEntries(
        totals.map((row) => [
          row.interaction,
          { count: row.count, first_at: row.firstAt.toISOString(), last_at: row.lastAt.toISOString() },
        ]),
      ),
    };
  }

  return {
    async getValues(userId: number, input: MapValuesRequest): Promise<UserMapResponse> {
      return asMap(input.map_name, await repo.findValues(db, userId, input.map_name, input.map_keys));
    },

    async getMap(userId: number, mapName: UserMapName): Promise<UserMapResponse> {
      return asMap(mapName, await repo.findValues(db, userId, mapName));
    },

    /** Merges the entries into the map (a key sent again replaces its value) and answers what was stored. */
    async writeMap(userId: number, mapName: UserMapName, mapKeyVal: string): Promise<UserMapResponse> {
      const entries = parseMapEntries(mapKeyVal);
      await db.transaction(async (tx) => {
        const sizes = new Map(
          (await repo.findValueSizes(tx, userId, mapName)).map((row) => [row.key, row.bytes] as const),
        );
        for (const [key, value] of entries) sizes.set(key, Buffer.byteLength(JSON.stringify(value)));
        const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
        if (total > USER_MAP_MAX_BYTES) throw UserDataErrors.mapFull(USER_MAP_MAX_BYTES);
        await repo.upsertValues(tx, userId, mapName, entries, clock.now());
      });
      return asMap(
        mapName,
        await repo.findValues(
          db,
          userId,
          mapName,
          entries.map(([key]) => key),
        ),
      );
    },

    async deleteKeys(userId: number, mapName: UserMapName, keys: string[]): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteKeys(db, userId, mapName, keys) };
    },

    /**
     * Adds a report of what the learner did in a live widget to their totals, for a widget on a lesson they
     * may read (the reader's 404s otherwise), and answers the totals.
     */
    async recordLiveInteractions(
      userId: number,
      input: LiveInteractionsRequest,
    ): Promise<LiveInteractionsResponse> {
      const key = await liveWidgetKey(userId, input);
      await repo.addLiveInteractions(db, key, input.interactions, clock.now());
      return liveTotals(key);
    },

    /** The learner's totals for a live widget they may read (the same check as a report), for the reader. */
    async liveInteractions(userId: number, query: LiveInteractionsQuery): Promise<LiveInteractionsResponse> {
      return liveTotals(await liveWidgetKey(userId, query));
    },

    async recordReadTime(userId: number, input: PageReadTimeRequest): Promise<PageReadTimeResponse> {
      const seconds = Math.round(input.page_read_time);
      const total = await repo.addReadTime(
        db,
        { userId, pageType: input.page_type, pageId: input.page_id },
        seconds,
        clock.now(),
      );
      return { page_id: input.page_id, page_type: input.page_type, total_read_time: total };
    },
  };
}

export type UserDataService = ReturnType<typeof createUserDataService>;
