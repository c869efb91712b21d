import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** This response's CSP nonce on the server; the browser hides nonces from scripts, so "" there. */
export const useNonce = () => useContext(NonceContext);
