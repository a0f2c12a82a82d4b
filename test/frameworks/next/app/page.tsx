import { ProductPage } from './product-page';

export default function Home() {
  return <ProductPage handle="aster-linen-shirt" postId="pst_wvolv0tvux3d" next={{ handle: 'dune-daypack', title: 'Dune daypack' }} />;
}
