import shared from '@nebab/shared/locales/am.json?sections=rest';
import web from '../locales/am.json?sections=rest';

/** The rest sections (see ../sections.ts) of the Amharic messages, shared and web, in one module. */
export default { ...shared, ...web };
