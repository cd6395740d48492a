/**
 * What the till sends besides its sales (issue 29): drawer changes (open, pay in or out,
 * close) and returns, kept on the device (till-db.ts) until the server has them, and sent
 * with the device token at the same moments as the sales, in the order they were made.
 * Each carries an id made on the till, so one sent twice (an answer lost on the way) is
 * recorded once. The order matters: a drawer is opened on the server before the sales that
 * name it, the sales made before a close are synced before it (the expected cash counts
 * them), and a return goes after the sales, since it may take back a sale made offline.
 * The server's refusal (a 4xx) is kept with its reason and never sent again; a network or
 * server failure stops this sync and leaves the rest waiting.
 */
import type {
  DrawerCloseAnswer,
  DrawerCloseBody,
  DrawerMovementBody,
  DrawerOpenBody,
  DrawerView,
  PosReturnAnswer,
} from '@shop/shared/pos-drawers';
import type { SyncAnswer, SyncBody, TillReturnBody } from '@shop/shared/pos-till';
import { postDrawer, postDrawerClose, postDrawerMovement, postReturn, postSales, refusedForGood } from './till-api.ts';
import { syncSales } from './sync-queue.ts';
import type { TillDatabase, TillDrawer } from './till-db.ts';

export interface TillApi {
  sales(body: SyncBody): Promise<SyncAnswer>;
  openDrawer(body: DrawerOpenBody): Promise<DrawerView>;
  moveCash(drawerId: string, body: DrawerMovementBody): Promise<unknown>;
  closeDrawer(drawerId: string, body: DrawerCloseBody): Promise<DrawerCloseAnswer>;
  giveBack(body: TillReturnBody): Promise<PosReturnAnswer>;
}

/** The API as the till's device token reaches it. */
export function tillApi(deviceToken: string): TillApi {
  return {
    sales: (body) => postSales(deviceToken, body),
    openDrawer: (body) => postDrawer(deviceToken, body),
    moveCash: (drawerId, body) => postDrawerMovement(deviceToken, drawerId, body),
    closeDrawer: (drawerId, body) => postDrawerClose(deviceToken, drawerId, body),
    giveBack: (body) => postReturn(deviceToken, body),
  };
}

/** The closed drawer's figures as the server answered them (or why it refused), kept for the till's screen. */
async function closed(db: TillDatabase, drawerId: string, answer: Partial<DrawerCloseAnswer> & { message?: string }) {
  const drawer = await db.getMeta<TillDrawer>('drawer');
  if (drawer?.id !== drawerId || !drawer.closed) return;
  const { expected, overShort, message } = answer;
  await db.setMeta('drawer', { ...drawer, closed: { ...drawer.closed, expected, overShort, message } });
}

async function forgetDrawer(db: TillDatabase, drawerId: string, why: string) {
  const drawer = await db.getMeta<TillDrawer>('drawer');
  if (drawer?.id === drawerId) await db.setMeta('drawer', { ...drawer, refused: why });
  await db.sales
    .where('status')
    .equals('waiting')
    .modify((stored) => {
      if (stored.sale.drawerId === drawerId) delete stored.sale.drawerId;
    });
}

/** Sends the waiting drawer changes in order; before a close, the sales made before it. */
async function syncDrawerOps(db: TillDatabase, api: TillApi): Promise<void> {
  const waiting = await db.drawerOps.where('status').equals('waiting').sortBy('seq');
  for (const op of waiting) {
    if (op.kind === 'close') await syncSales(db, api.sales, undefined, op.createdAt);
    try {
      if (op.kind === 'open') await api.openDrawer(op.body);
      else if (op.kind === 'movement') await api.moveCash(op.drawerId, op.body);
      else await closed(db, op.drawerId, await api.closeDrawer(op.drawerId, op.body));
      await db.drawerOps.update(op.seq!, { status: 'sent' });
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      await db.drawerOps.update(op.seq!, { status: 'refused', message: error.message });
      if (op.kind === 'close') await closed(db, op.drawerId, { message: error.message });
      // A drawer the server never opened: its sales are still sales (the goods left), recorded without it.
      if (op.kind === 'open') await forgetDrawer(db, op.drawerId, error.message);
    }
  }
}

/** Sends the waiting returns, oldest first. */
async function syncReturns(db: TillDatabase, api: TillApi): Promise<void> {
  const waiting = await db.returns.where('status').equals('waiting').sortBy('createdAt');
  for (const stored of waiting) {
    try {
      const answer = await api.giveBack(stored.body);
      await db.returns.update(stored.id, { status: 'recorded', amount: answer.amount });
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      await db.returns.update(stored.id, { status: 'refused', message: error.message });
    }
  }
}

/** One sync of everything the till made: drawer changes, sales, returns, in that order. */
export async function syncTill(db: TillDatabase, api: TillApi): Promise<void> {
  await syncDrawerOps(db, api);
  await syncSales(db, api.sales);
  await syncReturns(db, api);
}

/** How many drawer changes and returns wait to be sent. */
export async function outboxWaiting(db: TillDatabase): Promise<number> {
  const [ops, returns] = await Promise.all([
    db.drawerOps.where('status').equals('waiting').count(),
    db.returns.where('status').equals('waiting').count(),
  ]);
  return ops + returns;
}
