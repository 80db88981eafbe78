import { describe, expect, it } from 'vitest';
import { pendingTabLoading } from './pending-tab-loading.test-support.ts';
import { refreshAfterStatusChange } from './use-order-actions.ts';

/** 'Cancelar' on a card still on screen while 'Pendentes' loads: the server cancels the order, the screen refreshes. */
async function cancelWhileTabLoads() {
  let cancelled = false;
  const tab = await pendingTabLoading(() => ({ cancelled }));
  cancelled = true;
  const refreshed = refreshAfterStatusChange(tab.utils, { id: 'o1', listing: { id: 'l1' } }, { side: 'mine', freesDays: true, availability: true });
  await tab.answerAll();
  await tab.answerAll();
  await refreshed;
  return tab.shownAndClose();
}

describe("an order's status change, on the list of the side that acted", () => {
  it("shows the list read after the change, even when the tab's first answer was in flight", async () => {
    expect(await cancelWhileTabLoads()).toEqual({ path: 'orders.mine', cancelled: true });
  });
});
