/** Applications and cadences, as other capabilities read and write them through planning. */
export {
  type CadenceRow,
  type NewApplication,
  type NewCadence,
  findActiveCadenceOfCustomer,
  findLiveCadence,
  getApplication,
  insertApplication,
  insertCadence,
  setCadenceStatus,
} from '../../store/planning/cadences.js';
