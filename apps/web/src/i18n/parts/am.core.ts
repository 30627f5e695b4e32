import shared from '@nebab/shared/locales/am.json?sections=core';
import web from '../locales/am.json?sections=core';

/** The core sections (see ../sections.ts) of the Amharic messages, shared and web, in one module. */
export default { ...shared, ...web };
