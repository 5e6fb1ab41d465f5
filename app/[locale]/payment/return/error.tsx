'use client';

import RouteError from '@/components/ui/RouteError';

export default RouteError;
