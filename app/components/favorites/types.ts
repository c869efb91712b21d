import type { FavoriteType, FavoriteView } from "../../../schemas/favorites";
import type { Paginated } from "~/lib/types";

export type FavoriteList = Paginated<FavoriteView> & { counts: Record<FavoriteType, number> };
