// The same form skeleton as the other create pages.
export { default } from "@/app/(dashboard)/funding-accounts/new/loading";
