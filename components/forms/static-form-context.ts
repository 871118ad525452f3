import { createContext } from "react";

/**
 * True in the server's render of a form shown before its code is in (components/forms/form-on-input.tsx):
 * react-hook-form writes the fields' defaults into the DOM only when it mounts, so `useActionForm`
 * puts them in the HTML then. A module of its own, so forms not shown that way do not bring formOnInput.
 */
export const StaticFormContext = createContext(false);
