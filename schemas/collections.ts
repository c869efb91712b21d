/** A collection groups its organization's event forms (by programme or season, say): what it answers and reads. */
import { z } from "zod";
import { timestamp } from "./contract/answers.ts";
import { optionalIdField } from "./id-fields.ts";

/** The API's word for a move target that is no collection of the organization. */
export const INVALID_COLLECTION = "The selected collection is invalid.";

/** A collection of its owner's forms. */
export const collectionView = z.object({
  id: z.number().int(),
  name: z.string(),
  event_forms_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CollectionView = z.output<typeof collectionView>;

/** What a create or rename answers: the collection as it is now, and a sentence for the person who made it. */
export const collectionSaved = z.object({ collection: collectionView, message: z.string() });
export type CollectionSaved = z.output<typeof collectionSaved>;

/** What to do with the forms of a collection being deleted. */
export const deleteCollectionSchema = z.object({
  forms_action: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(["move", "delete"], { error: "The selected forms action is invalid." }).optional(),
  ),
  target_collection_id: optionalIdField(INVALID_COLLECTION),
});
export type DeleteCollectionInput = z.output<typeof deleteCollectionSchema>;
