/**
 * What `react` is inside the islands bundle (scripts/lib/islands.ts): Preact's compatibility
 * layer. Islands take their ids from app/islands/ids.ts (the same on the server and here), not
 * from `useId()`. A React API missing from this list fails the islands build, never the visitor.
 */
import compat, { createContext } from "preact/compat";

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
  useId,
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
export default { ...compat, createContext };
