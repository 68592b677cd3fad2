import type { CounterResponse } from '../../../shared/accounts';
import { api } from '../../platform/http/http';

export const fetchCounter = () => api<CounterResponse>('/api/counter');
