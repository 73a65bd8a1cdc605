/** The xml:lang attribute key in the plain element tree ({namespace}local). */
export const XML_NS_LANG = '{http://www.w3.org/XML/1998/namespace}lang';
