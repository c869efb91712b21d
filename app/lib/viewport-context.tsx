import { createContext, useContext } from "react";
import { FALLBACK_BREAKPOINT, type Viewport } from "./viewport";

const ViewportContext = createContext<Viewport>({ breakpoint: FALLBACK_BREAKPOINT, measured: false });
export const ViewportProvider = ViewportContext.Provider;
/** The current breakpoint and whether it was measured: from the cookie on the server, from media queries in the browser. */
export const useViewport = () => useContext(ViewportContext);
