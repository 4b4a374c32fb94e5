/**
 * What `react` is inside the islands bundle (scripts/lib/islands.ts): Preact's compatibility
 * layer, with one change. Every island is its own Preact root, and Preact numbers `useId()` per
 * root, so two islands would hand out the same ids (two dialogs titled by one id); here each id
 * starts with its island's prefix (entry.ts provides it). A React API missing from this list
 * fails the islands build, never the visitor.
 */
import compat, { createContext } from "preact/compat";

export const IslandIdPrefix = createContext("");

export function useId(): string {
  return `${compat.useContext(IslandIdPrefix)}${compat.useId()}`;
}

export const {
  Children,
  Component,
  Fragment,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createElement,
  createPortal,
  createRef,
  flushSync,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  use,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} = compat;

export { createContext };
export default { ...compat, useId, createContext };
