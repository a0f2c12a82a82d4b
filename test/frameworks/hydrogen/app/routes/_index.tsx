import { useLoaderData } from 'react-router';
import { preloadFirstPhoto, ProductWidgets, productWidgets } from '../lib/product-widgets';
import type { Route } from './+types/_index';

export async function loader({ context, request }: Route.LoaderArgs) {
  return productWidgets(context.env, 'aster-linen-shirt', request);
}

export function meta({ data }: Route.MetaArgs) {
  return preloadFirstPhoto(data?.gallery);
}

export default function Product() {
  return <ProductWidgets widgets={useLoaderData<typeof loader>()} title="Aster linen shirt" next={{ href: '/products/dune-daypack', title: 'Dune daypack' }} />;
}
