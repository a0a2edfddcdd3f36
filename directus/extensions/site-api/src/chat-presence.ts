/**
 * What a private chat shows its member of the other person. Anyone may open an empty chat with
 * anyone, and the list's online flag would then let them watch that person for as long as they
 * like: so an empty chat is listed only to its creator (the invited person sees it with its first
 * message), and the other person's presence only once they have written in it.
 */
export interface ChatShown {
  /** Whether the chat is in the member's list. */
  listed: boolean;
  /** Whether the list may say if the other person is online. */
  presence: boolean;
}

export function chatShown(chat: { creator: string; other: string }, me: string, writers: ReadonlySet<string>): ChatShown {
  return { listed: chat.creator === me || writers.size > 0, presence: writers.has(chat.other) };
}
