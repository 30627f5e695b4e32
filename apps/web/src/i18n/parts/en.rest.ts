import shared from '@nebab/shared/locales/en.json?sections=rest';
import web from '../locales/en.json?sections=rest';

/** The rest sections (see ../sections.ts) of the English messages, shared and web, in one module. */
export default { ...shared, ...web };
