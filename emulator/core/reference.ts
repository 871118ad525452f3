/**
 * Reference data of the core surface: Nigerian banks (CBN codes), the sandbox's resolvable test
 * accounts, ISO 3166 countries, US subdivisions and the chains each rail accepts.
 */

export interface Bank {
  code: string;
  name: string;
}

/** Commercial banks with their CBN bank codes (the codes NIP transfers and resolution use). */
export const BANKS: readonly Bank[] = [
  { code: "044", name: "Access Bank" },
  { code: "063", name: "Access Bank (Diamond)" },
  { code: "023", name: "Citibank Nigeria" },
  { code: "050", name: "Ecobank Nigeria" },
  { code: "070", name: "Fidelity Bank" },
  { code: "011", name: "First Bank of Nigeria" },
  { code: "214", name: "First City Monument Bank" },
  { code: "103", name: "Globus Bank" },
  { code: "058", name: "Guaranty Trust Bank" },
  { code: "030", name: "Heritage Bank" },
  { code: "301", name: "Jaiz Bank" },
  { code: "082", name: "Keystone Bank" },
  { code: "076", name: "Polaris Bank" },
  { code: "101", name: "Providus Bank" },
  { code: "221", name: "Stanbic IBTC Bank" },
  { code: "068", name: "Standard Chartered Bank" },
  { code: "232", name: "Sterling Bank" },
  { code: "100", name: "Suntrust Bank" },
  { code: "102", name: "Titan Trust Bank" },
  { code: "032", name: "Union Bank of Nigeria" },
  { code: "033", name: "United Bank for Africa" },
  { code: "215", name: "Unity Bank" },
  { code: "035", name: "Wema Bank" },
  { code: "057", name: "Zenith Bank" },
];

export function findBank(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

/** Bank that hosts the sandbox's virtual accounts (instructions of NGN funding accounts). */
export const VIRTUAL_ACCOUNT_BANK: Bank = { code: "035", name: "Wema Bank" };

/** The sandbox test series: bank 044, 069000003N for N = 1..9, each with a stable holder name. */
export const TEST_ACCOUNT_BANK_CODE = "044";
export const TEST_ACCOUNTS: Readonly<Record<string, string>> = {
  "0690000031": "Adaeze Okonkwo",
  "0690000032": "Babatunde Adeyemi",
  "0690000033": "Chinedu Eze",
  "0690000034": "Damilola Ogunleye",
  "0690000035": "Emeka Nwosu",
  "0690000036": "Funmilayo Bello",
  "0690000037": "Garba Musa",
  "0690000038": "Halima Abubakar",
  "0690000039": "Ifeanyi Obi",
};

/** Payouts to this test account fail at the bank (account closed), to exercise failure flows. */
export const FAILING_TEST_ACCOUNT = "0690000039";

/** Chains of the crypto funding rail (the legacy offramp's list, which funding accounts replace). */
export const FUNDING_CHAINS = ["APTOS", "BASE", "CELO", "ETHEREUM", "POLYGON", "SOLANA", "TRON"] as const;
/** Chains of crypto recipients and on-chain settlement destinations (all EVM). */
export const RECIPIENT_CHAINS = ["ETHEREUM", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "CELO"] as const;
export const STABLE_ASSETS = ["USDC", "USDT"] as const;

export const EVM_CHAINS: ReadonlySet<string> = new Set(["ETHEREUM", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "CELO"]);

// ISO 3166-1: alpha-3 -> alpha-2, for every officially assigned code.
const COUNTRY_PAIRS =
  "AFG:AF ALA:AX ALB:AL DZA:DZ ASM:AS AND:AD AGO:AO AIA:AI ATA:AQ ATG:AG ARG:AR ARM:AM ABW:AW AUS:AU AUT:AT " +
  "AZE:AZ BHS:BS BHR:BH BGD:BD BRB:BB BLR:BY BEL:BE BLZ:BZ BEN:BJ BMU:BM BTN:BT BOL:BO BES:BQ BIH:BA BWA:BW " +
  "BVT:BV BRA:BR IOT:IO BRN:BN BGR:BG BFA:BF BDI:BI CPV:CV KHM:KH CMR:CM CAN:CA CYM:KY CAF:CF TCD:TD CHL:CL " +
  "CHN:CN CXR:CX CCK:CC COL:CO COM:KM COG:CG COD:CD COK:CK CRI:CR CIV:CI HRV:HR CUB:CU CUW:CW CYP:CY CZE:CZ " +
  "DNK:DK DJI:DJ DMA:DM DOM:DO ECU:EC EGY:EG SLV:SV GNQ:GQ ERI:ER EST:EE SWZ:SZ ETH:ET FLK:FK FRO:FO FJI:FJ " +
  "FIN:FI FRA:FR GUF:GF PYF:PF ATF:TF GAB:GA GMB:GM GEO:GE DEU:DE GHA:GH GIB:GI GRC:GR GRL:GL GRD:GD GLP:GP " +
  "GUM:GU GTM:GT GGY:GG GIN:GN GNB:GW GUY:GY HTI:HT HMD:HM VAT:VA HND:HN HKG:HK HUN:HU ISL:IS IND:IN IDN:ID " +
  "IRN:IR IRQ:IQ IRL:IE IMN:IM ISR:IL ITA:IT JAM:JM JPN:JP JEY:JE JOR:JO KAZ:KZ KEN:KE KIR:KI PRK:KP KOR:KR " +
  "KWT:KW KGZ:KG LAO:LA LVA:LV LBN:LB LSO:LS LBR:LR LBY:LY LIE:LI LTU:LT LUX:LU MAC:MO MDG:MG MWI:MW MYS:MY " +
  "MDV:MV MLI:ML MLT:MT MHL:MH MTQ:MQ MRT:MR MUS:MU MYT:YT MEX:MX FSM:FM MDA:MD MCO:MC MNG:MN MNE:ME MSR:MS " +
  "MAR:MA MOZ:MZ MMR:MM NAM:NA NRU:NR NPL:NP NLD:NL NCL:NC NZL:NZ NIC:NI NER:NE NGA:NG NIU:NU NFK:NF MKD:MK " +
  "MNP:MP NOR:NO OMN:OM PAK:PK PLW:PW PSE:PS PAN:PA PNG:PG PRY:PY PER:PE PHL:PH PCN:PN POL:PL PRT:PT PRI:PR " +
  "QAT:QA REU:RE ROU:RO RUS:RU RWA:RW BLM:BL SHN:SH KNA:KN LCA:LC MAF:MF SPM:PM VCT:VC WSM:WS SMR:SM STP:ST " +
  "SAU:SA SEN:SN SRB:RS SYC:SC SLE:SL SGP:SG SXM:SX SVK:SK SVN:SI SLB:SB SOM:SO ZAF:ZA SGS:GS SSD:SS ESP:ES " +
  "LKA:LK SDN:SD SUR:SR SJM:SJ SWE:SE CHE:CH SYR:SY TWN:TW TJK:TJ TZA:TZ THA:TH TLS:TL TGO:TG TKL:TK TON:TO " +
  "TTO:TT TUN:TN TUR:TR TKM:TM TCA:TC TUV:TV UGA:UG UKR:UA ARE:AE GBR:GB USA:US UMI:UM URY:UY UZB:UZ VUT:VU " +
  "VEN:VE VNM:VN VGB:VG VIR:VI WLF:WF ESH:EH YEM:YE ZMB:ZM ZWE:ZW";

export const ALPHA3_TO_ALPHA2: ReadonlyMap<string, string> = new Map(COUNTRY_PAIRS.split(" ").map((pair) => pair.split(":") as [string, string]));
export const ALPHA2_CODES: ReadonlySet<string> = new Set(ALPHA3_TO_ALPHA2.values());

/**
 * Countries with no postal code system in general use (per the Universal Postal Union's list):
 * an address there may omit postal_code; every other country must supply one.
 */
export const COUNTRIES_WITHOUT_POSTAL_CODES: ReadonlySet<string> = new Set(
  (
    "AGO ATG ABW BHS BLZ BEN BOL BWA BFA BDI CMR CAF TCD COM COG COD COK CIV CUW DJI DMA GNQ ERI FJI GMB " +
    "GRD GUY HKG KIR PRK LBY MAC MWI MLI MRT NRU NIU QAT RWA KNA LCA STP SYC SLE SLB SOM SUR SYR TLS TGO " +
    "TKL TON TUV UGA ARE VUT YEM ZWE"
  ).split(" "),
);

/** ISO 3166-2:US subdivision codes (states, the district and outlying areas), without the "US-" prefix. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH " +
    "OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR UM VI"
  ).split(" "),
);
