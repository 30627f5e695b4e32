export {
  buildItemModel,
  deserializeModel,
  serializeModel,
  type Interaction,
  type ItemModel,
  type ItemModelOptions,
  type Neighbour,
  type Recommendation,
  type RecommendOptions,
  type UserItem,
} from './item-model.js';
export { loadGoodbooksInteractions } from './goodbooks-interactions.js';
