import type { DetailField, DetailValues } from "../../../schemas/startup-details";

/** One category as GET /api/v1/admin/startup_details answers it (completion computed by the server). */
export interface DetailCategoryView {
  id: number;
  name: string;
  description: string;
  fields: DetailField[];
  values: DetailValues;
  filled_count: number;
  field_count: number;
  required_filled: number;
  required_count: number;
  completion: number;
  is_complete: boolean;
  updated_at: string | null;
}

export interface StartupDetailsList {
  data: DetailCategoryView[];
  completeness: number;
}
