import { deepMerge } from '@/lib/deep-merge';

/**
 * A group of messages: message texts and groups by key. No message files here: client code imports this module. In a
 * build a message with arguments is its compiled form, an array (next.config.ts), so a group is an object that is not
 * an array.
 */
export type Tree = { [key: string]: string | Tree };

/** `more`'s messages added to `base`'s, group by group (a page's `coins.autoUnlock` beside the layout's `coins.format`). */
export function mergeMessages(base: Tree, more: Tree): Tree {
  return deepMerge(base, more) as Tree;
}
