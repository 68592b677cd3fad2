/** The footer's PDF documents (PRODUCT.md "Legal documents"), generated at build time. */
export const LEGAL_DOCUMENTS = [
  { slug: 'conditions-utilisation', title: "Conditions d'utilisation" },
  { slug: 'politique-remboursement', title: 'Politique de remboursement' },
  { slug: 'frais-de-service', title: 'Frais de service' },
] as const;

type LegalDocumentSlug = (typeof LEGAL_DOCUMENTS)[number]['slug'];

export const legalDocumentPath = (slug: LegalDocumentSlug) => `/legal/${slug}.pdf`;

export const FOOTER_YEAR = 2025;
