import type { FavoriteType } from "../../../schemas/favorites";
import type { Paginated } from "~/lib/types";

/** One saved item as GET /api/v1/admin/favorites answers it: already resolved to its target. */
export interface FavoriteItem {
  id: number;
  favoritable_type: FavoriteType;
  favoritable_id: number;
  name: string;
  link: string;
  image_url: string | null;
  subtitle: string;
  starts_at: string | null;
  created_at: string;
}

export type FavoriteList = Paginated<FavoriteItem> & { counts: Record<FavoriteType, number> };
