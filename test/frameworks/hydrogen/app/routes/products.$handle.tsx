import { useLoaderData } from 'react-router';
import { preloadFirstPhoto, ProductWidgets, productWidgets } from '../lib/product-widgets';
import type { Route } from './+types/products.$handle';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return productWidgets(context.env, params.handle, request);
}

export function meta({ data }: Route.MetaArgs) {
  return preloadFirstPhoto(data?.gallery);
}

export default function Product({ params }: Route.ComponentProps) {
  return <ProductWidgets widgets={useLoaderData<typeof loader>()} title={params.handle} next={{ href: '/', title: 'Aster linen shirt' }} />;
}
