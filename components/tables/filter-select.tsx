// The coins, pro and stocks toolbars still import it from here until they move onto the list kit.
export { FilterSelect } from "@/components/list/filter-select";
