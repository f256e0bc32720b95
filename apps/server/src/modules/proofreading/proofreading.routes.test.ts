import type {
  CreateShotResponse,
  ProofreadArticle,
  ProofreadIncorporations,
  ProofreadPassPreview,
  ProofreadQueue,
  ProofreadSuggestion,
  SaveShotRequest,
  ShotDraftResponse,
  ShotResponse,
} from '@coderoom/contracts';
import {
  ErrorMessages,
  PROOFREADING_MOVES,
  type ProofreadingAction,
  ProofreadingMessages,
  ProofreadingState,
  ShotLicense,
} from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { addProofreader } from './proofreading.repository.js';

// Proofreading of answers (docs/proofreading.md): every move of the state machine allowed and refused,
// who may read and write, and what incorporating stores.

let t: TestApp;
let author: TestClient;
let outsider: TestClient;
let proofreader: TestClient;
let otherProofreader: TestClient;
let admin: TestClient;
let visitor: TestClient;
let counter = 0;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

async function proofreaderClient(fullName: string): Promise<TestClient> {
  const user = await buildUser(t.database, { fullName });
  await addProofreader(t.database.db, user.id);
  return logIn(user);
}

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Ada Article' })).client;
  outsider = (await signUp(t.app, { full_name: 'Otto Outsider' })).client;
  proofreader = await proofreaderClient('Pat Proofreader');
  otherProofreader = await proofreaderClient('Quinn Proofreader');
  admin = await logIn(await buildUser(t.database, { admin: true, fullName: 'Sam Admin' }));
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t.close();
});

const INTRO = 'Teh quick brown fox jumps over teh lazy dog. Lists are mutable.';
const SECOND = 'Slicing makes a copy of the list, wich is cheap for short lists.';

function answerBody(url: string, intro = INTRO): SaveShotRequest {
  return {
    title: 'How do I copy a list in Python?',
    url,
    components: [
      { type: 'MarkdownEditor', comp_id: 'intro', content: { text: intro } },
      { type: 'Code', comp_id: 'code', content: { language: 'python3', code: 'print([1, 2][:])' } },
      { type: 'MarkdownEditor', comp_id: 'second', content: { text: SECOND } },
    ],
    tags: ['lists'],
    programming_tags: ['Python'],
    topic_tags: ['copy'],
    license: ShotLicense.CcBySa4,
    difficulty: 1000,
  };
}

interface Article {
  shotId: number;
  base: string;
  url: string;
}

/** A saved answer of the author and its proofreading address. */
async function article(components?: SaveShotRequest['components']): Promise<Article> {
  const created = (await author.post('/api/edpresso/shot/id', {})).json() as CreateShotResponse;
  counter += 1;
  const url = `copy-a-list-${counter}-${process.pid}`;
  const body = answerBody(url);
  const saved = await author.request(
    'PUT',
    `/api/edpresso/shot/${created.shotId}`,
    components ? { ...body, components } : body,
    { headers: { etag: created.etag } },
  );
  expect(saved.statusCode).toBe(200);
  const queue = (await author.get('/api/proofread/articles')).json() as ProofreadQueue;
  const item = queue.items.find((entry) => entry.collection_id === created.shotId);
  if (!item) throw new Error('the new answer is not in the author queue');
  expect(item).toMatchObject({ state: ProofreadingState.Edit, role: 'author' });
  return {
    shotId: created.shotId,
    base: `/api/proofread/${item.author_id}/${item.collection_id}/document/${item.doc_id}`,
    url,
  };
}

async function read(client: TestClient, a: Article): Promise<ProofreadArticle> {
  const response = await client.get(a.base);
  expect(response.statusCode).toBe(200);
  return response.json() as ProofreadArticle;
}

function move(client: TestClient, a: Article, action: string) {
  return client.post(`${a.base}/transition`, { action });
}

async function moveOk(client: TestClient, a: Article, action: ProofreadingAction) {
  const response = await move(client, a, action);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ProofreadArticle;
  expect(body.state).toBe(PROOFREADING_MOVES[action].to);
  return body;
}

function suggest(client: TestClient, a: Article, passNo: number, body: Record<string, unknown>) {
  return client.post(`${a.base}/pass/${passNo}/suggestions`, body);
}

async function suggestOk(a: Article, passNo: number, body: Record<string, unknown>) {
  const response = await suggest(proofreader, a, passNo, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProofreadSuggestion;
}

async function draftText(shotId: number, compId: string): Promise<{ text: string; etag: string }> {
  const draft = (await author.get(`/api/edpresso/shot/${shotId}?status=draft`)).json() as ShotDraftResponse;
  const widget = draft.content.components.find((entry) => entry.comp_id === compId);
  if (widget?.type !== 'MarkdownEditor') throw new Error(`no Markdown block ${compId}`);
  return { text: widget.content.text, etag: draft.etag };
}

/** An article sent to the author with one pass holding the given suggestions. */
async function atAuthorReview(suggestions: Record<string, unknown>[]) {
  const a = await article();
  await moveOk(author, a, 'submit');
  await moveOk(proofreader, a, 'claim');
  const made = [];
  for (const body of suggestions) made.push(await suggestOk(a, 1, body));
  await moveOk(proofreader, a, 'finish_pass');
  await moveOk(admin, a, 'send_to_author');
  return { a, made };
}

describe('reading', () => {
  it('needs an account; outsiders, wrong ids and other pages get the spec 404', async () => {
    const a = await article();
    expect((await visitor.get(a.base)).statusCode).toBe(401);
    for (const [client, url] of [
      [outsider, a.base],
      // A proofreader sees nothing of an article that was never submitted.
      [proofreader, a.base],
      [author, a.base.replace(/document\/[^/]+$/, 'document/WRONGDOCID')],
      [author, a.base.replace(/^\/api\/proofread\/\d+/, '/api/proofread/1')],
      [author, `${a.base}?page_id=1`],
    ] as const) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().errorText).toBe(ErrorMessages.ProofreadingLoadFailed);
    }
    const own = await read(author, a);
    expect(own).toMatchObject({
      state: ProofreadingState.Edit,
      is_author: true,
      allowed_actions: ['submit'],
      title: 'How do I copy a list in Python?',
      passes: [],
    });
    expect(own.etag).toBeTruthy();
    // The reader's view of the draft: hidden code never reaches proofreading.
    expect(own.components.map((widget) => widget.comp_id)).toEqual(['intro', 'code', 'second']);
  });

  it('lists submitted articles for proofreaders and everything in proofreading for admins', async () => {
    const a = await article();
    await moveOk(author, a, 'submit');
    const mine = (await proofreader.get('/api/proofread/articles')).json() as ProofreadQueue;
    expect(mine.is_proofreader).toBe(true);
    expect(mine.items.find((item) => item.collection_id === a.shotId)).toMatchObject({
      state: ProofreadingState.SubmittedForProofread,
      role: 'proofreader',
    });
    const outsiders = (await outsider.get('/api/proofread/articles')).json() as ProofreadQueue;
    expect(outsiders).toEqual({ items: [], is_proofreader: false });
    const admins = (await admin.get('/api/proofread/articles')).json() as ProofreadQueue;
    expect(admins.items.some((item) => item.collection_id === a.shotId)).toBe(true);
    expect((await outsider.get(a.base)).statusCode).toBe(404);
  });
});

describe('the state machine', () => {
  it('walks 101 → 102 → 103 → 104 → 103 → 104 → 105 → 106 → 101 with the right people', async () => {
    const a = await article();
    const submitted = await moveOk(author, a, 'submit');
    expect(submitted.allowed_actions).toEqual(['withdraw']);
    expect((await read(proofreader, a)).allowed_actions).toEqual(['claim']);
    const claimed = await moveOk(proofreader, a, 'claim');
    expect(claimed).toMatchObject({ proofreader_name: 'Pat Proofreader', allowed_actions: ['finish_pass'] });
    expect(claimed.passes).toHaveLength(1);
    // Another proofreader loses sight of it once it is claimed.
    expect((await otherProofreader.get(a.base)).statusCode).toBe(404);
    await suggestOk(a, 1, { comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 0 });
    await moveOk(proofreader, a, 'finish_pass');
    // The author does not see the pass before an admin has reviewed it.
    const waiting = await read(author, a);
    expect(waiting.passes[0]).toMatchObject({ pass_no: 1, suggestion_count: 1, suggestions: null });
    expect((await read(admin, a)).allowed_actions).toEqual(['return_to_proofreader', 'send_to_author']);
    const again = await moveOk(admin, a, 'return_to_proofreader');
    expect(again.passes.map((pass) => pass.pass_no)).toEqual([1, 2]);
    await suggestOk(a, 2, { comp_id: 'second', original: 'wich', replacement: 'which' });
    await moveOk(proofreader, a, 'finish_pass');
    await moveOk(admin, a, 'send_to_author');
    const review = await read(author, a);
    expect(review.allowed_actions).toEqual(['incorporate']);
    expect(review.passes.flatMap((pass) => pass.suggestions ?? []).map((s) => s.replacement)).toEqual([
      'The',
      'which',
    ]);
    const ids = review.passes.flatMap((pass) => pass.suggestions ?? []).map((s) => s.id);
    const incorporated = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: ids.map((id) => ({ suggestion_id: id, decision: 'accepted' })) },
      { headers: { etag: review.etag ?? '' } },
    );
    expect(incorporated.statusCode, incorporated.body).toBe(200);
    expect((incorporated.json() as ProofreadArticle).state).toBe(ProofreadingState.AwaitingAdminApproval);
    const approved = await moveOk(admin, a, 'approve');
    expect(approved.proofreader_name).toBeNull();
    expect(approved.events.map((event) => event.action)).toEqual([
      'submit',
      'claim',
      'finish_pass',
      'return_to_proofreader',
      'finish_pass',
      'send_to_author',
      'incorporate',
      'approve',
    ]);
    // Approval publishes the incorporated draft: readers see the corrected answer.
    const live = await visitor.get(`/api/edpresso/shot/${a.shotId}`);
    expect(live.statusCode).toBe(200);
    const intro = (live.json() as ShotResponse).content.components.find((w) => w.comp_id === 'intro');
    expect(intro && 'content' in intro ? JSON.stringify(intro.content) : '').toContain('The quick brown fox');
    // A new round can start.
    await moveOk(author, a, 'submit');
  });

  it('refuses every move out of turn with 409 and the state in the message', async () => {
    const a = await article();
    const outOfTurn: Array<[TestClient, ProofreadingAction]> = [
      [author, 'withdraw'],
      [admin, 'send_to_author'],
      [admin, 'return_to_proofreader'],
      [admin, 'approve'],
    ];
    for (const [client, action] of outOfTurn) {
      const response = await move(client, a, action);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorText).toBe(
        ProofreadingMessages.IllegalMove(action, ProofreadingState.Edit),
      );
    }
    await moveOk(author, a, 'submit');
    const twice = await move(author, a, 'submit');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorText).toBe(
      '"Submit for proofreading" is not possible while the article is "Submitted for proofread".',
    );
    expect((await move(proofreader, a, 'finish_pass')).statusCode).toBe(403);
    await moveOk(proofreader, a, 'claim');
    expect((await move(proofreader, a, 'claim')).statusCode).toBe(409);
    expect((await move(author, a, 'withdraw')).json().errorText).toBe(
      ProofreadingMessages.IllegalMove('withdraw', ProofreadingState.InProofread),
    );
    const early = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: [{ suggestion_id: 1, decision: 'accepted' }] },
      { headers: { etag: 'x' } },
    );
    expect(early.statusCode).toBe(409);
    expect((await read(admin, a)).state).toBe(ProofreadingState.InProofread);
  });

  it('refuses the wrong people with 403 and the role they lack', async () => {
    const a = await article();
    const notAuthor = await move(proofreader, a, 'submit');
    // Unsubmitted: the proofreader may not even see it.
    expect(notAuthor.statusCode).toBe(404);
    await moveOk(author, a, 'submit');
    expect((await move(proofreader, a, 'withdraw')).json()).toMatchObject({
      errorText: ProofreadingMessages.NotAuthor,
    });
    expect((await move(author, a, 'claim')).json()).toMatchObject({
      errorText: ProofreadingMessages.NotProofreader,
    });
    expect((await move(outsider, a, 'claim')).statusCode).toBe(404);
    await moveOk(proofreader, a, 'claim');
    expect((await move(author, a, 'finish_pass')).statusCode).toBe(403);
    await moveOk(proofreader, a, 'finish_pass');
    const byProofreader = await move(proofreader, a, 'send_to_author');
    expect(byProofreader.statusCode).toBe(403);
    expect(byProofreader.json().errorText).toBe(ProofreadingMessages.NotAdmin);
    expect((await move(author, a, 'send_to_author')).statusCode).toBe(403);
    await moveOk(admin, a, 'send_to_author');
    const notYours = await proofreader.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: [{ suggestion_id: 1, decision: 'accepted' }] },
      { headers: { etag: 'x' } },
    );
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().errorText).toBe(ProofreadingMessages.NotAuthor);
    expect((await move(author, a, 'approve')).statusCode).toBe(403);
    expect((await move(visitor, a, 'approve')).statusCode).toBe(401);
    expect((await move(author, a, 'incorporate')).statusCode).toBe(400);
  });

  it('refuses to submit an article without prose', async () => {
    const empty = await article([
      { type: 'Code', comp_id: 'code', content: { language: 'python3', code: 'print(1)' } },
    ]);
    const response = await move(author, empty, 'submit');
    expect(response.statusCode).toBe(400);
    expect(response.json().errorText).toBe(ProofreadingMessages.EmptyArticle);
    expect((await read(author, empty)).state).toBe(ProofreadingState.Edit);
  });
});

describe('suggestions', () => {
  it('anchors each suggestion to a Markdown block and refuses what it cannot place', async () => {
    const a = await article();
    await moveOk(author, a, 'submit');
    await moveOk(proofreader, a, 'claim');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ comp_id: 'intro', original: 'teh', replacement: 'the' }, 201, ''],
      [
        { comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 3 },
        400,
        ProofreadingMessages.TextNotFound,
      ],
      [{ comp_id: 'intro', original: 'zebra', replacement: 'horse' }, 400, ProofreadingMessages.TextNotFound],
      [{ comp_id: 'code', original: 'print', replacement: 'echo' }, 400, ProofreadingMessages.OnlyProse],
      [{ comp_id: 'intro', original: 'Lists', replacement: 'Lists' }, 400, ProofreadingMessages.Unchanged],
      [
        { comp_id: 'intro', original: 'teh lazy', replacement: 'the idle' },
        409,
        ProofreadingMessages.Overlap,
      ],
      [{ comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 0, extra: 1 }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const response = await suggest(proofreader, a, 1, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json().errorText).toBe(message);
    }
    // "list" appears twice in the block: the position decides.
    const ambiguous = await suggest(proofreader, a, 1, {
      comp_id: 'second',
      original: 'list',
      replacement: 'array',
    });
    expect(ambiguous.json().errorText).toBe(ProofreadingMessages.TextAmbiguous);
    const placed = await suggestOk(a, 1, {
      comp_id: 'second',
      original: 'list',
      replacement: 'array',
      offset: SECOND.lastIndexOf('list'),
      note: 'Say array.',
    });
    expect(placed).toMatchObject({
      pass_no: 1,
      context_before: 'Slicing makes a copy of the list, wich is cheap for short ',
      context_after: 's.',
      decision: null,
    });
    expect(
      (await suggest(author, a, 1, { comp_id: 'intro', original: 'Lists', replacement: 'Arrays' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await suggest(proofreader, a, 7, { comp_id: 'intro', original: 'Lists', replacement: 'Arrays' }))
        .statusCode,
    ).toBe(404);
    // A removed suggestion frees its text.
    const removed = await proofreader.request('DELETE', `${a.base}/pass/1/suggestions/${placed.id}`);
    expect(removed.statusCode).toBe(200);
    expect(
      (await proofreader.request('DELETE', `${a.base}/pass/1/suggestions/${placed.id}`)).statusCode,
    ).toBe(404);
    await moveOk(proofreader, a, 'finish_pass');
    const closed = await suggest(proofreader, a, 1, {
      comp_id: 'intro',
      original: 'Lists',
      replacement: 'Arrays',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errorText).toBe(ProofreadingMessages.PassClosed);
    expect((await read(admin, a)).passes[0]?.suggestion_count).toBe(1);
  });

  it('previews a pass word by word, alone or against an earlier pass', async () => {
    const a = await article();
    await moveOk(author, a, 'submit');
    await moveOk(proofreader, a, 'claim');
    await suggestOk(a, 1, { comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 0 });
    await moveOk(proofreader, a, 'finish_pass');
    await moveOk(admin, a, 'return_to_proofreader');
    await suggestOk(a, 2, { comp_id: 'second', original: 'wich', replacement: 'which' });
    // The author sees no pass before it is sent on.
    expect((await author.get(`${a.base}/pass/1/preview`)).statusCode).toBe(404);
    const alone = (await proofreader.get(`${a.base}/pass/2/preview`)).json() as ProofreadPassPreview;
    expect(alone.base_pass).toBeNull();
    const second = alone.blocks.find((block) => block.comp_id === 'second');
    expect(second?.changed).toBe(true);
    expect(second?.diff.filter((part) => part.change !== 'equal')).toEqual([
      { change: 'removed', text: 'wich' },
      { change: 'added', text: 'which' },
    ]);
    expect(alone.blocks.find((block) => block.comp_id === 'intro')?.changed).toBe(false);
    const against = (
      await proofreader.get(`${a.base}/pass/2/preview?base_pass=1`)
    ).json() as ProofreadPassPreview;
    // Against pass 1's result, "Teh" → "The" is pass 1's and "wich" stays; pass 2 holds only its own change.
    expect(against.base_pass).toBe(1);
    const intro = against.blocks.find((block) => block.comp_id === 'intro');
    expect(intro?.diff.filter((part) => part.change !== 'equal')).toEqual([
      { change: 'removed', text: 'The' },
      { change: 'added', text: 'Teh' },
    ]);
    expect((await proofreader.get(`${a.base}/pass/9/preview`)).statusCode).toBe(404);
    expect((await outsider.get(`${a.base}/pass/1/preview`)).statusCode).toBe(404);
  });
});

describe('incorporating', () => {
  it('applies accepted suggestions to the draft in one go and records every decision', async () => {
    const { a, made } = await atAuthorReview([
      { comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 0 },
      { comp_id: 'intro', original: 'teh', replacement: 'the' },
      { comp_id: 'second', original: 'wich', replacement: 'which' },
    ]);
    const [first, second, third] = made as [ProofreadSuggestion, ProofreadSuggestion, ProofreadSuggestion];
    const before = await draftText(a.shotId, 'intro');
    const incomplete = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: [{ suggestion_id: first.id, decision: 'accepted' }] },
      { headers: { etag: before.etag } },
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errorText).toBe(ProofreadingMessages.DecisionsIncomplete);
    const missingEtag = await author.post(`${a.base}/incorporate`, {
      decisions: made.map((s) => ({ suggestion_id: s.id, decision: 'accepted' })),
    });
    expect(missingEtag.statusCode).toBe(400);
    const unknown = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: [{ suggestion_id: 999_999, decision: 'accepted' }] },
      { headers: { etag: before.etag } },
    );
    expect(unknown.json().errorText).toBe(ProofreadingMessages.UnknownSuggestion);
    const response = await author.request(
      'POST',
      `${a.base}/incorporate`,
      {
        decisions: [
          { suggestion_id: first.id, decision: 'accepted' },
          { suggestion_id: second.id, decision: 'rejected' },
          { suggestion_id: third.id, decision: 'accepted' },
        ],
      },
      { headers: { etag: before.etag } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = await draftText(a.shotId, 'intro');
    expect(after.text).toBe('The quick brown fox jumps over teh lazy dog. Lists are mutable.');
    expect(after.etag).not.toBe(before.etag);
    expect((await draftText(a.shotId, 'second')).text).toBe(
      'Slicing makes a copy of the list, which is cheap for short lists.',
    );
    // The rendered Markdown follows the text.
    const draft = (
      await author.get(`/api/edpresso/shot/${a.shotId}?status=draft`)
    ).json() as ShotDraftResponse;
    expect(JSON.stringify(draft.content.components)).toContain(
      '>The quick brown fox jumps over teh lazy dog. Lists are mutable.</p>',
    );
    const review = (await author.get(`${a.base}/reviewIncorporations`)).json() as ProofreadIncorporations;
    expect(review).toMatchObject({ accepted: 2, rejected: 1 });
    expect(review.passes[0]?.suggestions?.map((s) => [s.replacement, s.decision, s.decided_by_name])).toEqual(
      [
        ['The', 'accepted', 'Ada Article'],
        ['the', 'rejected', 'Ada Article'],
        ['which', 'accepted', 'Ada Article'],
      ],
    );
    expect((await proofreader.get(`${a.base}/reviewIncorporations`)).statusCode).toBe(200);
    expect((await outsider.get(`${a.base}/reviewIncorporations`)).statusCode).toBe(404);
    // Deciding again is out of turn.
    const again = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: [{ suggestion_id: first.id, decision: 'accepted' }] },
      { headers: { etag: after.etag } },
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a stale eTag so an edit made meanwhile is not lost, and changes nothing', async () => {
    const { a, made } = await atAuthorReview([
      { comp_id: 'intro', original: 'Teh', replacement: 'The', offset: 0 },
    ]);
    const loaded = await read(author, a);
    // The author edits the answer in another tab after loading the review.
    const { etag } = await draftText(a.shotId, 'intro');
    const edited = await author.request(
      'PUT',
      `/api/edpresso/shot/${a.shotId}`,
      answerBody(a.url, `${INTRO} Added in another tab.`),
      { headers: { etag } },
    );
    expect(edited.statusCode).toBe(200);
    const decisions = { decisions: made.map((s) => ({ suggestion_id: s.id, decision: 'accepted' })) };
    const stale = await author.request('POST', `${a.base}/incorporate`, decisions, {
      headers: { etag: loaded.etag ?? '' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const kept = await draftText(a.shotId, 'intro');
    expect(kept.text).toBe(`${INTRO} Added in another tab.`);
    expect((await read(author, a)).state).toBe(ProofreadingState.AwaitingAuthorReview);
    expect((await read(author, a)).passes[0]?.suggestions?.[0]?.decision).toBeNull();
    // With the fresh eTag the suggestion still finds its text and applies on top of the edit.
    const fresh = await author.request('POST', `${a.base}/incorporate`, decisions, {
      headers: { etag: kept.etag },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await draftText(a.shotId, 'intro')).text).toBe(
      'The quick brown fox jumps over teh lazy dog. Lists are mutable. Added in another tab.',
    );
  });

  it('refuses to accept a suggestion whose text the author already rewrote', async () => {
    const { a, made } = await atAuthorReview([{ comp_id: 'second', original: 'wich', replacement: 'which' }]);
    const { etag } = await draftText(a.shotId, 'intro');
    const rewritten = {
      ...answerBody(a.url),
      components: answerBody(a.url).components.map((widget) =>
        widget.comp_id === 'second' ? { ...widget, content: { text: 'Slicing copies the list.' } } : widget,
      ),
    };
    expect(
      (await author.request('PUT', `/api/edpresso/shot/${a.shotId}`, rewritten, { headers: { etag } }))
        .statusCode,
    ).toBe(200);
    const current = await draftText(a.shotId, 'second');
    const accept = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: made.map((s) => ({ suggestion_id: s.id, decision: 'accepted' })) },
      { headers: { etag: current.etag } },
    );
    expect(accept.statusCode).toBe(409);
    expect(accept.json().errorText).toBe(ProofreadingMessages.AnchorLost);
    const reject = await author.request(
      'POST',
      `${a.base}/incorporate`,
      { decisions: made.map((s) => ({ suggestion_id: s.id, decision: 'rejected' })) },
      { headers: { etag: current.etag } },
    );
    expect(reject.statusCode).toBe(200);
    expect((await draftText(a.shotId, 'second')).text).toBe('Slicing copies the list.');
  });
});
