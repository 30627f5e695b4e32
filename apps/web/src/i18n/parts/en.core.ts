import shared from '@nebab/shared/locales/en.json?sections=core';
import web from '../locales/en.json?sections=core';

/** The core sections (see ../sections.ts) of the English messages, shared and web, in one module. */
export default { ...shared, ...web };
