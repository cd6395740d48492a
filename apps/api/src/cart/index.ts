/**
 * The server cart's public surface (issue 32, decision 0030): its routes and its service,
 * which plugins/cart.ts decorates the app with as `app.carts`.
 *
 * The service's methods, for the API's routes and the no-JavaScript forms (/cart/add, ...):
 * - `read(request, userId?)`: the cart as GET /api/cart answers it; never makes a cart or sets a cookie.
 * - `add(request, reply, variantId, quantity, userId?)`: adds (an existing line grows, 99 at most);
 *   404 unknown variant, 409 a paused product or a 51st line. The cart after.
 * - `setQuantity(request, reply, variantId, quantity, userId?)`: sets 1..99; 404 not in the cart.
 * - `remove(request, reply, variantId, userId?)`: takes the line out (gone already: unchanged).
 * - `mergeOnSignIn(request, reply, userId)`: moves the `cart` cookie's anonymous cart onto
 *   `userId`'s account cart (quantities added, 99 a line, 50 lines), deletes it, clears the cookie.
 * - `replace(request, reply, lines, userId?)`: puts a recovery link's lines in place of the cart's.
 *
 * `userId`: whose account cart. Omitted (undefined): the bearer user the route's
 * `app.optionalUser` set (`request.user`), or the cookie's cart when there is none. A string: that
 * account's (a form session's shopper); null: the cookie's cart, whoever is signed in.
 * Quantities are checked by the routes' schemas (cartAddBody, cartQuantityBody in @shop/shared);
 * the service caps at 99 but refuses nothing below 1 itself, so validate a form's field first.
 * A write with no account makes the anonymous cart and sets the cookie (`cart`: HttpOnly,
 * SameSite=Lax, Secure in production, Path=/, 90 days).
 */
export { default as cartRoutes } from './routes.ts';
export {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  type CartService,
  type CartServiceDeps,
  type CartUser,
  createCartService,
} from './service.ts';
