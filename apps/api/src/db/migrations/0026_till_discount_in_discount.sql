-- A till sale's discount holds its till discount too, as the schema says (orders.till_discount
-- is the till's part of `discount`, as coupon_discount is the coupon's) and as everything that
-- reads it counts: total = subtotal − discount + delivery fee, the Z-report's markdowns
-- (discount − coupon − till), the order page and the dashboard. Sales recorded before this kept
-- their till discount out of `discount` (their total was still right): they are brought in line.
UPDATE "orders"
SET "discount" = "discount" + "till_discount"
WHERE "till_discount" > 0
  AND "total" = "subtotal" - "discount" - "till_discount" + "delivery_fee";
