/** Abandoned checkout recovery (issue 31). */
export {};
