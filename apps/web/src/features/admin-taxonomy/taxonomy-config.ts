/** What differs between the four taxonomy screens: words, routes, image and parent. */
import type { TaxonomyKind } from '@/lib/api/taxonomy.ts';

export interface TaxonomyConfig {
  kind: TaxonomyKind;
  /** The table's title. */
  title: string;
  /** "Category", "Brand", … (in headings and buttons). */
  singular: string;
  /** "category", "sub-category", … (in sentences). */
  noun: string;
  tablePath: string;
  createPath: string;
  editPath(id: string): string;
  hasImage: boolean;
  parent?: { kind: TaxonomyKind; field: 'categoryId' | 'subId'; label: string };
  /** The message when a rename fails (the spec's, for categories and brands). */
  updateFailed: string;
}

export const TAXONOMY: Record<TaxonomyKind, TaxonomyConfig> = {
  category: {
    kind: 'category',
    title: 'Categories',
    singular: 'Category',
    noun: 'category',
    tablePath: '/categorytable',
    createPath: '/createcategory',
    editPath: (id) => `/editcategory/${id}`,
    hasImage: true,
    updateFailed: 'Failed to update category. Please try again',
  },
  sub: {
    kind: 'sub',
    title: 'Sub-Categories',
    singular: 'Sub-Category',
    noun: 'sub-category',
    tablePath: '/subcategorytable',
    createPath: '/createsubcategory',
    editPath: (id) => `/editsubcategory/${id}`,
    hasImage: false,
    parent: { kind: 'category', field: 'categoryId', label: 'Category' },
    updateFailed: 'Failed to update sub-category. Please try again',
  },
  subsub: {
    kind: 'subsub',
    title: 'Sub Sub-Categories',
    singular: 'Sub Sub-Category',
    noun: 'sub-sub-category',
    tablePath: '/subsubcategorytable',
    createPath: '/createsubsubcategory',
    editPath: (id) => `/editsubsubcategory/${id}`,
    hasImage: false,
    parent: { kind: 'sub', field: 'subId', label: 'Sub-Category' },
    updateFailed: 'Failed to update sub-sub-category. Please try again',
  },
  brand: {
    kind: 'brand',
    title: 'Brands',
    singular: 'Brand',
    noun: 'brand',
    tablePath: '/brandtable',
    createPath: '/createbrand',
    editPath: (id) => `/editbrand/${id}`,
    hasImage: true,
    // The spec uses the category message for the brand rename too.
    updateFailed: 'Failed to update category. Please try again',
  },
};

export const IMAGE_REQUIRED = 'Please select an image to upload';
export const IMAGE_FAILED = 'Failed to update image. Please try again.';
