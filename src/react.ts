'use client';
// Client entry: the hook and the component.
export {};
