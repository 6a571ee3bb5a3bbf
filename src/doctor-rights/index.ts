export { parseDoctorSubject, type DoctorSubject } from './doctor-subject.js';
export { doctorSummary, eraseDoctor, exportDoctor, type DoctorExport, type DoctorSummary, type EraseResult } from './doctor-rights.js';
