/** Password rules shared by the server and the forms (no hashing code here, so forms can import it). */
export const PASSWORD_MIN_LENGTH = 12;
