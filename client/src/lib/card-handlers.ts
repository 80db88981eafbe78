/**
 * What the buttons of a card in a list call, one handler per action, and the item whose
 * request is running (its buttons wait). The screen owns the dialogs and the requests.
 */
export type CardHandlers<Item, Action extends string> = { busyId: string | null } & Record<Action, (item: Item) => void>;
