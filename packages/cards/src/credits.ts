/**
 * Browser-safe credits for the web client's credits page (import "@firmament/cards/credits").
 * Generated with the deck; the full licence texts are in packages/cards/generated/THIRD_PARTY_NOTICES.md.
 */
import data from "../generated/credits.json";

export interface CreditItem {
  name: string;
  author: string;
  url: string;
  licence: string;
  licenceUrl: string;
  usage: string;
}

export interface Credits {
  /** States that the deck is original art. */
  deck: string;
  items: CreditItem[];
}

export function deckCredits(): Credits {
  return data as Credits;
}
