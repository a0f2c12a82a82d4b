import { ProductPage } from '../../product-page';

export default async function Product({ params }: { params: Promise<{ handle: string }> }) {
  const { handle } = await params;
  return <ProductPage handle={handle} postId="pst_wvolv0tvux3d" next={{ handle: 'aster-linen-shirt', title: 'Aster linen shirt' }} />;
}
