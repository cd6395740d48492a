-- Issue 31: what the catalogue feeds say of a category's products (gender, age group, Google's product category).
-- Optional; the checks hold Google's values, which Meta's catalogues take as they are.
ALTER TABLE "categories" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "google_product_category" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_gender_check" CHECK ("categories"."gender" in ('female', 'male', 'unisex'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_age_group_check" CHECK ("categories"."age_group" in ('newborn', 'infant', 'toddler', 'kids', 'adult'));