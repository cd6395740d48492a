/**
 * The back office's routes. Every page, and the admin layout itself, is loaded lazily
 * (`lazy`), and this table itself is added to the router only when a path needs it
 * (router.tsx, patchAdminRoutes), so none of this code is in the storefront's bundle. React Router matches
 * paths case-insensitively, so /createProduct (the spec's protected route) and
 * /createproduct (where its Create Product button points) are the same page. What each page
 * needs of the member's role is lib/back-office-access.ts's PAGE_NEEDS, one entry per child
 * of the layout here (admin-routes.test.tsx holds them together).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The back office's stylesheet (src/admin.css: the classes the storefront's sheet leaves out),
 * loaded with each of its pages. Imported here, lazily, and not by this table itself: a static
 * import would name the sheet in the storefront's entry, whose budget is full.
 */
const styles = () => import('../admin.css');

/** A lazily loaded route whose module's default export is the page, shown once its styles are in. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), styles()]);
    return { Component: module.default };
  },
});

export const adminRoutes: RouteObject[] = [
  { path: 'login', ...page(() => import('./routes/admin/login.tsx')) },
  { path: 'admin', ...page(() => import('./routes/admin/entry.tsx')) },
  // The staff invitation's e-mailed link (public): the new member lands signed in on their page.
  { path: 'accept-invitation', ...page(() => import('./routes/admin/accept-invitation.tsx')) },
  {
    ...page(() => import('./routes/admin/layout.tsx')),
    children: [
      { path: 'overview', ...page(() => import('./routes/admin/overview.tsx')) },
      { path: 'dashboard', ...page(() => import('./routes/admin/users.tsx')) },
      { path: 'purchasetable', ...page(() => import('./routes/admin/purchases.tsx')) },
      { path: 'purchasetable/:id', ...page(() => import('./routes/admin/order.tsx')) },
      { path: 'categorytable', ...page(() => import('./routes/admin/category-table.tsx')) },
      { path: 'createcategory', ...page(() => import('./routes/admin/category-create.tsx')) },
      { path: 'editcategory/:id', ...page(() => import('./routes/admin/category-edit.tsx')) },
      { path: 'subcategorytable', ...page(() => import('./routes/admin/sub-table.tsx')) },
      { path: 'createsubcategory', ...page(() => import('./routes/admin/sub-create.tsx')) },
      { path: 'editsubcategory/:id', ...page(() => import('./routes/admin/sub-edit.tsx')) },
      { path: 'subsubcategorytable', ...page(() => import('./routes/admin/subsub-table.tsx')) },
      { path: 'createsubsubcategory', ...page(() => import('./routes/admin/subsub-create.tsx')) },
      { path: 'editsubsubcategory/:id', ...page(() => import('./routes/admin/subsub-edit.tsx')) },
      { path: 'brandtable', ...page(() => import('./routes/admin/brand-table.tsx')) },
      { path: 'createbrand', ...page(() => import('./routes/admin/brand-create.tsx')) },
      { path: 'editbrand/:id', ...page(() => import('./routes/admin/brand-edit.tsx')) },
      { path: 'producttable', ...page(() => import('./routes/admin/product-table.tsx')) },
      { path: 'createProduct', ...page(() => import('./routes/admin/product-create.tsx')) },
      { path: 'viewproduct/:id', ...page(() => import('./routes/admin/product-view.tsx')) },
      { path: 'editproduct/:id', ...page(() => import('./routes/admin/product-edit.tsx')) },
      { path: 'createbanner', ...page(() => import('./routes/admin/banners.tsx')) },
      { path: 'pos', ...page(() => import('./routes/admin/pos.tsx')) },
      { path: 'tills', ...page(() => import('./routes/admin/tills.tsx')) },
      { path: 'pos-conflicts', ...page(() => import('./routes/admin/pos-conflicts.tsx')) },
      { path: 'drawers', ...page(() => import('./routes/admin/drawers.tsx')) },
      { path: 'drawers/:id', ...page(() => import('./routes/admin/drawer-report.tsx')) },
      { path: 'labels', ...page(() => import('./routes/admin/labels.tsx')) },
      { path: 'posttable', ...page(() => import('./routes/admin/post-table.tsx')) },
      { path: 'createpost', ...page(() => import('./routes/admin/post-create.tsx')) },
      { path: 'editpost/:id', ...page(() => import('./routes/admin/post-edit.tsx')) },
      { path: 'delivery', ...page(() => import('./routes/admin/delivery.tsx')) },
      { path: 'coupons', ...page(() => import('./routes/admin/coupons.tsx')) },
      { path: 'coupons/new', ...page(() => import('./routes/admin/coupons-create.tsx')) },
      { path: 'coupons/:id', ...page(() => import('./routes/admin/coupons-edit.tsx')) },
      { path: 'reports', ...page(() => import('./routes/admin/reports.tsx')) },
      { path: 'reports/stock', ...page(() => import('./routes/admin/reports-stock.tsx')) },
      { path: 'reports/pod', ...page(() => import('./routes/admin/reports-pod.tsx')) },
      { path: 'reports/coupons', ...page(() => import('./routes/admin/reports-coupons.tsx')) },
      { path: 'reports/customers', ...page(() => import('./routes/admin/reports-customers.tsx')) },
      { path: 'messages', ...page(() => import('./routes/admin/messages.tsx')) },
      { path: 'recovery', ...page(() => import('./routes/admin/recovery.tsx')) },
      { path: 'settings', ...page(() => import('./routes/admin/settings.tsx')) },
      { path: 'security', ...page(() => import('./routes/admin/security.tsx')) },
      { path: 'staff', ...page(() => import('./routes/admin/staff.tsx')) },
      { path: 'staff/members/:id', ...page(() => import('./routes/admin/staff-member.tsx')) },
      { path: 'staff/roles/new', ...page(() => import('./routes/admin/staff-role-create.tsx')) },
      { path: 'staff/roles/:id', ...page(() => import('./routes/admin/staff-role-edit.tsx')) },
    ],
  },
];
