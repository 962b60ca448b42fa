/**
 * `@landing/shared`: the Module Federation singleton every app of the landing site shares.
 * Import only by this package name: a relative import would split the store singleton.
 */
export * from './config';
export * from './runtime-config';
export * from './cookies';
export * from './store';
export * from './auth';
export * from './viewer';
export * from './i18n';
export * from './api/client';
export * from './contracts';
export * from './format';
export * from './html-escape';
export * from './documents';
export * from './ui/toast';
export * from './sound';
export * from './pwa';
export * from './pixel';
export * from './data';
export { Modal, type ModalProps } from './ui/Modal';
export { Tabs, useTabIds, type TabIds, type TabsProps, type TabItem } from './ui/Tabs';
export { NumberCounter, formatCounter, type NumberCounterProps } from './ui/NumberCounter';
export { Spinner } from './ui/Spinner';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState';
export { RetryState, type RetryStateProps } from './ui/RetryState';
export { LineIcon, type LineIconProps } from './ui/LineIcon';
export { ProgressRing, type ProgressRingProps } from './ui/ProgressRing';
export { HydrateOnVisible, hydrateDeferredParts, type HydrateOnVisibleProps } from './ui/HydrateOnVisible';
export { holdInputIn, type HoldInputOptions } from './ui/held-input';
export { afterFirstUse } from './ui/first-use';
