import type { CounterResponse } from '../../../shared/counter';
import { api } from '../../platform/http/http';

export const fetchCounter = () => api<CounterResponse>('/api/counter');
