import { createContext, useContext } from "react";
import { FALLBACK_BREAKPOINT, type Breakpoint } from "./viewport";

const ViewportContext = createContext<Breakpoint>(FALLBACK_BREAKPOINT);
export const ViewportProvider = ViewportContext.Provider;
/** The current breakpoint name: from the cookie on the server, from media queries in the browser. */
export const useBreakpoint = () => useContext(ViewportContext);
